import type { ChatMemory } from '@app/contracts/chat.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { chatMemoryQuery, forgetChatMemory } from '../../../lib/chat-memory.ts';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { toast } from '../../../lib/toast-store.ts';
import { SettingsSection } from './settings-section.tsx';

function MemoryRow({ memory }: { memory: ChatMemory }) {
  const queryClient = useQueryClient();
  const forget = useMutation({
    mutationFn: () => forgetChatMemory(memory.id),
    onSuccess: (message) => {
      toast.success(message);
      queryClient.setQueryData(chatMemoryQuery().queryKey, (list) =>
        list?.filter((item) => item.id !== memory.id),
      );
    },
    onError: (error) => toast.error('Could not forget that', getErrorMessage(error)),
  });
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">{memory.text}</p>
      <Button
        variant="secondary"
        size="sm"
        className="self-start sm:self-auto"
        loading={forget.isPending}
        onClick={() => forget.mutate()}
        aria-label={`Forget: ${memory.text}`}
      >
        Forget
      </Button>
    </li>
  );
}

/** What the assistant remembers from conversations, each item deletable. Hidden without chat access. */
export function MemorySection() {
  const memories = useQuery(chatMemoryQuery());
  if (memories.isError && isAxiosError(memories.error) && memories.error.response?.status === 403)
    return null;
  return (
    <SettingsSection
      title="What the assistant remembers"
      description="Things you told the assistant about yourself, used to make its answers fit your life."
    >
      {memories.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted">
          <Spinner /> Loading...
        </p>
      ) : memories.isError ? (
        <Alert tone="error">{getErrorMessage(memories.error)}</Alert>
      ) : memories.data.length === 0 ? (
        <p className="text-sm text-muted">Nothing yet.</p>
      ) : (
        <ul className="-my-3 divide-y divide-line" aria-label="Remembered things">
          {memories.data.map((memory) => (
            <MemoryRow key={memory.id} memory={memory} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}
