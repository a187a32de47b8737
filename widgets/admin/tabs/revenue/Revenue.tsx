import { useEffect, useState } from 'react';
import { useI18n } from '../../../core/i18n.ts';
import { DistributionExplain, type ExplainTarget } from './DistributionExplain.tsx';
import type { EngineRoom } from '../../../../contract/api/distribution.ts';
import { loadRooms } from '../../shared/rooms.ts';
import { HeldRevenue } from './HeldRevenue.tsx';
import { RevenueChart } from './RevenueChart.tsx';
import { RevenueImport } from './RevenueImport.tsx';
import { RevenuePanel } from './RevenuePanel.tsx';
import { RevenueRecords, type RecordsFilter } from './RevenueRecords.tsx';

/**
 * The Revenue tab: one day recorded by hand and the distribution run, meter data imported by CSV,
 * the recorded days with their corrections, a room's last 30 days, and a day's distribution
 * explained. Loaded when first opened (lazyTab).
 */
export function Revenue() {
  const { t } = useI18n();
  const [rooms, setRooms] = useState<EngineRoom[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chartRoom, setChartRoom] = useState('');
  const [target, setTarget] = useState<ExplainTarget | null>(null);
  // Bumped after anything that changes the figures, so the chart and the explanation load again.
  const [round, setRound] = useState(0);
  const [recordsKey, setRecordsKey] = useState(0);

  useEffect(() => {
    loadRooms()
      .then((envelope) => setRooms(envelope.detail))
      .catch(() => setFailed(true));
  }, []);

  const changed = () => setRound((value) => value + 1);
  const room = rooms?.find((candidate) => String(candidate.id) === chartRoom) ?? rooms?.[0];
  return (
    <div className="gs-admin__revenue">
      <RevenuePanel rooms={rooms ?? []} onChange={() => (changed(), setRecordsKey((value) => value + 1))} />
      <HeldRevenue round={round} onChange={() => (changed(), setRecordsKey((value) => value + 1))} />
      {failed && (
        <p className="gs-message gs-message--error" role="alert">
          {t('admin_load_error')}
        </p>
      )}
      <RevenueImport onImported={() => (changed(), setRecordsKey((value) => value + 1))} />
      {rooms !== null && (
        <>
          <RevenueRecords
            key={recordsKey}
            rooms={rooms}
            onFilter={(filter: RecordsFilter) => setChartRoom(filter.room)}
            onExplain={(day) => setTarget({ room: String(day.engine_room_id), date: day.business_date })}
            onChange={changed}
          />
          {room !== undefined && <RevenueChart room={room} round={round} />}
          <DistributionExplain rooms={rooms} target={target} round={round} />
        </>
      )}
    </div>
  );
}
