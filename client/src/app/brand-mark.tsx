/**
 * The site's mark (public/favicon.svg, the browser tab's icon), drawn in the header itself: as an
 * `<img>` it was an SVG document of its own on every page, made on the main thread before the
 * first paint (22 to 117 ms at CPU x4 in four warm traces; docs/first-load.md). The star's points
 * rounded to 0.1.
 */
export function BrandMark() {
  return (
    <svg className="brand-mark" viewBox="0 0 100 100" width="28" height="28" aria-hidden="true">
      <rect width="100" height="100" rx="18" fill="#0b1120" />
      <circle cx="50" cy="50" r="42" fill="#b8860b" />
      <circle cx="50" cy="50" r="35.3" fill="#7a5c00" />
      <circle cx="50" cy="50" r="33.5" fill="#f5c542" />
      <circle cx="50" cy="50" r="29.75" fill="none" stroke="#7a5c00" strokeWidth="1.5" />
      <polygon
        fill="#7a5c00"
        points="73,50 72,51.9 69.2,53.4 65.5,54.1 61.8,54.3 59,54.2 57.8,54.5 58.1,55.7 59.6,58 61.3,61.3 62.5,64.9 62.6,68.1 61.5,69.9 59.3,70 56.7,68.3 54.1,65.5 52.2,62.3 50.9,59.9 50,59 49.1,59.9 47.8,62.3 45.9,65.5 43.3,68.3 40.7,70 38.5,69.9 37.4,68.1 37.5,64.9 38.7,61.3 40.4,58 41.9,55.7 42.2,54.5 41,54.2 38.2,54.3 34.5,54.1 30.8,53.4 28,51.9 27,50 28,48.1 30.8,46.6 34.5,45.9 38.2,45.7 41,45.8 42.2,45.5 41.9,44.3 40.4,42 38.7,38.7 37.5,35.1 37.4,31.9 38.5,30.1 40.7,30 43.3,31.7 45.9,34.5 47.8,37.7 49.1,40.1 50,41 50.9,40.1 52.2,37.7 54.1,34.5 56.7,31.7 59.3,30 61.5,30.1 62.6,31.9 62.5,35.1 61.3,38.7 59.6,42 58.1,44.3 57.8,45.5 59,45.8 61.8,45.7 65.5,45.9 69.2,46.6 72,48.1"
      />
    </svg>
  );
}
