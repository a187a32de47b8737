/**
 * The partner map: Leaflet, rendered in the browser only (client:only="preact"; Leaflet touches window).
 * The page lists the same locations in plain HTML, so the map is an addition, never the only way to find them.
 * When a tile fails to load (offline, blocked tile server) the island says so and points to the list.
 */
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';

export interface PartnerMapProps {
  center: { lat: number; lng: number };
  zoom: number;
  tileUrl: string;
  attribution: string;
  partners: { id: string; lat: number; lng: number; name: string; address: string }[];
  labels: {
    map: string;
    loading: string;
    tilesFailed: string;
    locate: string;
    locateFailed: string;
    youAreHere: string;
    zoomIn: string;
    zoomOut: string;
  };
}

type Status = 'loading' | 'ready' | 'tiles-failed';

export default function PartnerMap({ center, zoom, tileUrl, attribution, partners, labels }: PartnerMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const [status, setStatus] = useState<Status>('loading');
  const [locateFailed, setLocateFailed] = useState(false);

  useEffect(() => {
    if (container.current === null) return undefined;
    const map = L.map(container.current, { zoomControl: false, attributionControl: true }).setView([center.lat, center.lng], zoom);
    mapRef.current = map;
    // The zoom level, readable from outside (tests, styles) without reaching into Leaflet.
    const showZoom = () => container.current?.setAttribute('data-zoom', String(map.getZoom()));
    map.on('zoomend', showZoom);
    showZoom();
    L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
    const tiles = L.tileLayer(tileUrl, { attribution, maxZoom: 19 });
    tiles.on('tileerror', () => setStatus((now) => (now === 'ready' ? now : 'tiles-failed')));
    tiles.on('load', () => setStatus((now) => (now === 'tiles-failed' ? now : 'ready')));
    tiles.addTo(map);
    for (const partner of partners) {
      const icon = L.divIcon({ className: 'map-pin', html: '<span></span>', iconSize: [28, 28], iconAnchor: [14, 28] });
      L.marker([partner.lat, partner.lng], { icon, title: partner.name, alt: partner.name })
        .bindPopup(`<strong>${escapeHtml(partner.name)}</strong><br>${escapeHtml(partner.address)}`)
        .addTo(map);
    }
    map.on('locationfound', (event: L.LocationEvent) => {
      setLocateFailed(false);
      L.circleMarker(event.latlng, { radius: 8, color: '#0b3d2e', fillColor: '#f5b301', fillOpacity: 1 })
        .bindTooltip(labels.youAreHere)
        .addTo(map);
    });
    map.on('locationerror', () => setLocateFailed(true));
    return () => {
      map.remove();
      mapRef.current = null;
    };
  }, []);

  return (
    <div className="partner-map">
      <div className="partner-map__tools">
        <button
          type="button"
          className="button button--small button--secondary"
          onClick={() => mapRef.current?.locate({ setView: true, maxZoom: 14 })}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v4M12 18v4M2 12h4M18 12h4" />
          </svg>
          {labels.locate}
        </button>
      </div>
      <div ref={container} className="partner-map__map" role="region" aria-label={labels.map} />
      <p className="partner-map__status" role="status">
        {status === 'loading' ? labels.loading : status === 'tiles-failed' ? labels.tilesFailed : ''}
        {locateFailed ? ` ${labels.locateFailed}` : ''}
      </p>
    </div>
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
