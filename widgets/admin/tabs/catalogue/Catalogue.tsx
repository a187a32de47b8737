import { useState } from 'react';
import type { CatalogueProduct, CatalogueRoom } from '../../../../contract/api/catalogue.ts';
import { useI18n } from '../../../core/i18n.ts';
import { usePagedList, type Paged } from '../../../core/paged.ts';
import { Pager } from '../../../ui/Pager.tsx';
import { adminRequest } from '../../shared/operator-session.ts';
import { ProductForm } from './ProductForm.tsx';
import { QueueStatus, type Outcome } from '../../shared/queue-parts.tsx';
import { RoomStateForm } from './RoomState.tsx';
import { RoomForm } from './RoomForm.tsx';
import { ScrollTable } from '../../shared/ScrollTable.tsx';

/**
 * The catalogue (decision 027): products with what is sold of each and whether they are on sale, and
 * engine rooms with their installed capacity; a form per item edits all three languages side by side.
 */
export function Catalogue() {
  const { locale, t } = useI18n();
  const products = usePagedList<CatalogueProduct>('/catalogue/products', (path) => adminRequest<Paged<CatalogueProduct>>('GET', path));
  const rooms = usePagedList<CatalogueRoom>('/catalogue/engine-rooms', (path) => adminRequest<Paged<CatalogueRoom>>('GET', path));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [product, setProduct] = useState<CatalogueProduct | null>(null);
  const [room, setRoom] = useState<CatalogueRoom | null>(null);
  const [roomState, setRoomState] = useState<CatalogueRoom | null>(null);

  const closed = (done: Outcome | null) => {
    setProduct(null);
    setRoom(null);
    setRoomState(null);
    if (done !== null) setOutcome(done);
    products.reload();
    rooms.reload();
  };

  return (
    <section aria-labelledby="gs-admin-catalogue">
      <h2 id="gs-admin-catalogue">{t('admin_catalogue')}</h2>
      <QueueStatus outcome={outcome} list={products} />
      <h3 id="gs-cat-products">{t('admin_cat_products')}</h3>
      <ScrollTable labelledBy="gs-cat-products">
        <thead>
          <tr>
            <th scope="col">{t('admin_cat_name')}</th>
            <th scope="col">{t('admin_cat_price')}</th>
            <th scope="col">{t('admin_cat_capacity')}</th>
            <th scope="col">{t('admin_cat_state')}</th>
            <th scope="col">{t('admin_cat_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(products.page?.data ?? []).map((row) => (
            <tr key={row.id}>
              <th scope="row" id={`gs-cat-${row.id}`}>
                <CatalogueName names={row.names} />
              </th>
              <td>{row.price}</td>
              <td>
                {row.quantity} ({t('admin_cat_sold', { sold: row.sold })})
              </td>
              <td>{row.on_sale ? t('admin_cat_on_sale') : t('admin_cat_hidden')}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--quiet"
                  aria-describedby={`gs-cat-${row.id}`}
                  onClick={() => setProduct(row)}
                >
                  {t('admin_cat_edit')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {products.page !== null && <Pager page={products.page} onGo={products.go} />}
      {product !== null && <ProductForm key={`edit-${product.id}`} product={product} onClose={closed} />}
      <ProductForm key="add" product={null} onClose={closed} />

      <h3 id="gs-cat-rooms">{t('admin_cat_rooms')}</h3>
      <ScrollTable labelledBy="gs-cat-rooms">
        <thead>
          <tr>
            <th scope="col">{t('admin_cat_name')}</th>
            <th scope="col">{t('admin_cat_location')}</th>
            <th scope="col">{t('admin_cat_room_capacity')}</th>
            <th scope="col">{t('admin_cat_room_state')}</th>
            <th scope="col">{t('admin_cat_actions')}</th>
          </tr>
        </thead>
        <tbody>
          {(rooms.page?.data ?? []).map((row) => (
            <tr key={row.id}>
              <th scope="row" id={`gs-room-${row.id}`}>
                <CatalogueName names={row.names} />
              </th>
              <td>{row.locations[locale] || row.locations.zhs}</td>
              <td>
                {row.capacity_units ?? '—'}
                {!row.capacity_confirmed && (
                  <>
                    {' '}
                    <span className="gs-admin__demo">{t('admin_cat_room_sample')}</span>
                  </>
                )}
              </td>
              <td>{t(`admin_cat_room_state_${row.state}`)}</td>
              <td>
                <button
                  type="button"
                  className="button button--small button--quiet"
                  aria-describedby={`gs-room-${row.id}`}
                  onClick={() => (setRoomState(null), setRoom(row))}
                >
                  {t('admin_cat_edit')}
                </button>
                <button
                  type="button"
                  className="button button--small button--quiet"
                  aria-describedby={`gs-room-${row.id}`}
                  onClick={() => (setRoom(null), setRoomState(row))}
                >
                  {t(row.state === 'retired' ? 'admin_cat_room_move' : 'admin_cat_room_change_state')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {rooms.page !== null && <Pager page={rooms.page} onGo={rooms.go} />}
      {room !== null && <RoomForm key={`edit-${room.id}`} room={room} onClose={closed} />}
      {roomState !== null && <RoomStateForm key={`state-${roomState.id}`} room={roomState} onClose={closed} />}
      <RoomForm key="add" room={null} onClose={closed} />
    </section>
  );
}

/** A name in the operator's language, then its English, marked as English so it is read (and checked) as such. */
function CatalogueName({ names }: { names: Record<'zhs' | 'zht' | 'eng', string> }) {
  const { locale } = useI18n();
  const own = names[locale] || names.zhs;
  return (
    <>
      {own}
      {locale !== 'eng' && names.eng !== '' && (
        <span className="gs-admin__note">
          {' / '}
          <span lang="en">{names.eng}</span>
        </span>
      )}
    </>
  );
}
