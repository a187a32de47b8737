/**
 * The animated machine: sun, panel, the energy flowing to the machine and its status light.
 * Pure SVG moved by CSS (site/styles/dig.css), which stops every animation when the member
 * asks for reduced motion. Decorative: the status is said in words beside it.
 */
export function MachineArt({ online, zoomed }: { online: boolean; zoomed: boolean }) {
  return (
    <svg
      className={`gs-dig__art${zoomed ? ' gs-dig__art--zoomed' : ''}${online ? ' gs-dig__art--online' : ''}`}
      viewBox="0 0 240 160"
      aria-hidden="true"
      focusable="false"
    >
      <g className="gs-dig__sun">
        <circle cx="40" cy="36" r="14" />
        <path d="M40 8v8M40 56v8M12 36h8M60 36h8M20 16l6 6M54 50l6 6M20 56l6-6M54 22l6-6" />
      </g>
      <g className="gs-dig__panel">
        <path d="M20 120l30-40h70l-30 40z" />
        <path d="M43 90h70M35 100h70M28 110h70M65 80l-20 40M90 80l-20 40" />
      </g>
      <path className="gs-dig__flow" d="M95 110c30 0 40-30 75-30" />
      <g className="gs-dig__box">
        <rect x="170" y="60" width="54" height="66" rx="6" />
        <path d="M180 76h34M180 86h34M180 96h24" />
        <circle className="gs-dig__led" cx="212" cy="114" r="5" />
      </g>
    </svg>
  );
}
