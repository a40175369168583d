import { LogoMark } from '../../components/ui/logo.tsx';

// A full screen high, so the footer stays below the fold until the page is there: nothing visible
// jumps when it arrives.
export function LoadingScreen({ message }: { message: 'Loading your data...' | 'Loading page...' }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-dvh flex-1 flex-col items-center justify-center gap-4 px-4"
    >
      <LogoMark className="size-12 animate-pulse" />
      <p className="text-sm text-muted">{message}</p>
    </div>
  );
}
