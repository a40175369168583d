/** Grey blocks the size of the landscape, so nothing jumps when it arrives. */
export function LandscapeSkeleton() {
  const bar = 'animate-pulse rounded-lg bg-surface-2';
  return (
    <div aria-busy="true" data-testid="landscape-skeleton">
      <p className="sr-only" role="status">
        Loading today's cosmic landscape…
      </p>
      <div aria-hidden="true">
        <div className={`${bar} h-4 w-48`} />
        <div className={`${bar} mt-2 h-8 w-4/5`} />
        <div className={`${bar} mt-4 h-4 w-full`} />
        <div className={`${bar} mt-2 h-4 w-full`} />
        <div className={`${bar} mt-2 h-4 w-2/3`} />
        <div className={`${bar} mt-10 h-6 w-40`} />
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {[0, 1, 2].map((i) => (
            <div key={i} className={`${bar} h-16`} />
          ))}
        </div>
        <div className={`${bar} mt-10 h-6 w-40`} />
        {[0, 1].map((i) => (
          <div key={i} className={`${bar} mt-4 h-56 rounded-2xl`} />
        ))}
      </div>
    </div>
  );
}
