import { LegalDocumentView } from '../components/legal-document-view.tsx';
import { COOKIE_POLICY } from '../content/cookie-policy.ts';

export default function CookiePolicyPage() {
  return <LegalDocumentView document={COOKIE_POLICY} />;
}
