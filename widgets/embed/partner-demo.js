// The partner's own script: it lists what the widgets announce (documented on the partner page).
const log = document.getElementById('event-log');
for (const name of ['gs:login', 'gs:logout', 'gs:order-created', 'gs:transfer-completed', 'gs:error']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${name} ${JSON.stringify(event.detail)}`;
    log.append(item);
  });
}
