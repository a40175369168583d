import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { type AccessLevel, decideAccess } from './access.ts';
import { LoadingScreen } from './layout/loading-screen.tsx';
import { useAccessFacts } from './use-access-facts.ts';

export function RequireAccess({ level, children }: { level: AccessLevel; children: ReactNode }) {
  const decision = decideAccess(level, useAccessFacts());
  if (decision.kind === 'loading') return <LoadingScreen message="Loading your data..." />;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  return children;
}
