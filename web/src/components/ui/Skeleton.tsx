export function Skeleton({ height, className }: { height: number | string; className?: string }) {
  return <div className={`skeleton ${className ?? ''}`} style={{ height }} aria-hidden="true" />;
}
