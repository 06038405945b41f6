// The public pages draw the few icons they use as inline SVG, without MUI (decision 081). The path
// data of each is a module of its own in icons/ (Material Design icons, Apache-2.0, by way of
// @mui/icons-material), so a page's code carries only the icons it draws.

/** An icon's path data: one or more SVG paths in a 24 × 24 box. */
export type IconPaths = readonly string[];

/** A decorative icon, 1em square in the text's colour; the words beside it say what it means. */
export function Icon({ paths, className }: { paths: IconPaths; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      {paths.map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  );
}
