import { Page } from '../../../components/ui/page.tsx';

export default function ChatPage() {
  return <Page title="Chat" />;
}
