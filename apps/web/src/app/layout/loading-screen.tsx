import { LogoMark } from '../../components/ui/logo.tsx';

export function LoadingScreen({ message }: { message: 'Loading your data...' | 'Loading page...' }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[60vh] flex-1 flex-col items-center justify-center gap-4 px-4"
    >
      <LogoMark className="size-12 animate-pulse" />
      <p className="text-sm text-muted">{message}</p>
    </div>
  );
}
