// The partner's own script: it lists what the widgets announce (documented on the partner page).
const log = document.getElementById('event-log');
for (const name of ['gs:login', 'gs:logout', 'gs:order-created', 'gs:transfer-completed', 'gs:language', 'gs:error']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${name} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}

// This page shows an order's payment in its own <gs-order-payment>, beside the order list, rather than on the shop's site.
document.addEventListener('gs:navigate', (event) => {
  const [path, query] = event.detail.route.split('?');
  if (path !== '/setting/order/checkpayment') return;
  event.preventDefault();
  const payment = document.querySelector('gs-order-payment');
  payment.setAttribute('order-id', new URLSearchParams(query).get('id'));
  payment.scrollIntoView({ block: 'nearest' });
});
