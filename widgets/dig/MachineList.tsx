import { useI18n } from '../core/i18n.ts';
import type { Device } from '../../contract/api/devices.ts';
import { machineSilent } from './dig.ts';
import type { EngineRoom } from '../../contract/api/distribution.ts';
import { localName } from '../core/local-name.ts';
import { dateTimeFormat } from '../core/date-time.ts';

interface MachineListProps {
  devices: readonly Device[];
  /** GET v1/engineRoom, for the room names; null while loading (the room's number stands in). */
  rooms: readonly EngineRoom[] | null;
  now: number;
}

/**
 * The member's machines (beyond the original app's single status line): serial, engine room, online or
 * offline, when it last reported in, and a warning once one has been silent for over 10 minutes.
 */
export function MachineList({ devices, rooms, now }: MachineListProps) {
  const { locale, t } = useI18n();
  if (devices.length === 0) return null;
  const time = dateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  const roomName = (id: number | undefined) => {
    const room = rooms?.find((candidate) => candidate.id === id);
    return room === undefined ? (id === undefined ? '—' : `#${id}`) : localName(room, locale);
  };

  return (
    <section className="gs-machines" aria-labelledby="gs-machines-title">
      <h2 id="gs-machines-title">{t('dig_machines')}</h2>
      <ul className="gs-machines__list">
        {devices.map((device) => {
          const silent = machineSilent(device, now);
          const lastSeen = device.last_heartbeat_at;
          return (
            <li key={device.id} className={`gs-machines__item gs-machines__item--${device.status}`}>
              <dl>
                <div>
                  <dt>{t('dig_serial_label')}</dt>
                  <dd className="gs-machines__serial">{device.serial_number}</dd>
                </div>
                <div>
                  <dt>{t('dig_room')}</dt>
                  <dd>{roomName(device.engine_room_id)}</dd>
                </div>
              </dl>
              <p className="gs-machines__status">
                <span className="gs-dig__dot" aria-hidden="true" />
                <strong>
                  {t(device.retired === true ? 'dig_retired' : device.status === 'online' ? 'dig_online' : 'dig_offline')}
                </strong>{' '}
                {lastSeen === null || lastSeen === undefined ? (
                  <span>{t('dig_never_reported')}</span>
                ) : (
                  <time dateTime={lastSeen}>{t('dig_last_seen', { time: time.format(new Date(lastSeen)) })}</time>
                )}
              </p>
              {silent && (
                <p part="error" className="gs-message gs-message--error" role="alert">
                  {t('dig_offline_warning')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
