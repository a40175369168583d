import type { BirthData } from '@app/contracts/birth-data.ts';
import { type Person, RELATION_MAX_LENGTH, RELATION_SUGGESTIONS } from '@app/contracts/people.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2, UserPlus, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toast } from '../../../lib/toast-store.ts';
import { peopleQuery, removePerson, savePerson } from '../api/people.ts';
import { describeBirthDate, describeBirthTime } from '../lib/form-logic.ts';
import { BirthForm } from './birth-form.tsx';

/** Where the form stands: closed, adding someone, or changing one person. */
type Editing = { kind: 'closed' } | { kind: 'adding' } | { kind: 'changing'; person: Person };

/** /people: the people in a person's life, each a birth to compare with their own chart. */
export default function PeoplePage() {
  const query = useQuery(peopleQuery());
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const people = query.data?.data ?? [];
  const limit = query.data?.limit ?? 20;

  return (
    <Page
      title="People in your life"
      lead="Add a partner, a friend or someone in your family, and compare your chart with theirs."
      width="wide"
    >
      <div className="flex flex-col gap-6">
        <Alert tone="info">
          A birth date, time and place are personal. Add only people who agree to it. You can remove them at
          any time, and they are deleted with your account.
        </Alert>
        {editing.kind !== 'closed' ? (
          <PersonForm
            person={editing.kind === 'changing' ? editing.person : null}
            onDone={() => setEditing({ kind: 'closed' })}
          />
        ) : null}
        {query.isPending ? (
          <p className="text-sm text-muted" role="status">
            Loading your people…
          </p>
        ) : query.isError ? (
          <Alert tone="error">
            {getErrorMessage(query.error)}{' '}
            <Button variant="ghost" size="sm" onClick={() => query.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted">
                {people.length} of {limit} people
              </p>
              {editing.kind === 'closed' ? (
                <Button
                  icon={<UserPlus aria-hidden="true" className="size-4" />}
                  disabled={people.length >= limit}
                  onClick={() => setEditing({ kind: 'adding' })}
                >
                  Add a person
                </Button>
              ) : null}
            </div>
            {people.length === 0 ? (
              <Card className="flex flex-col items-center gap-2 py-10 text-center">
                <Users aria-hidden="true" className="size-8 text-muted" />
                <p className="font-medium">No one added yet</p>
                <p className="text-sm text-muted">Add someone to see how your charts meet.</p>
              </Card>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2" aria-label="Your people">
                {people.map((person) => (
                  <PersonCard
                    key={person.id}
                    person={person}
                    onEdit={() => setEditing({ kind: 'changing', person })}
                  />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </Page>
  );
}

function PersonForm({ person, onDone }: { person: Person | null; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [relation, setRelation] = useState(person?.relation ?? '');
  const listId = useId();
  return (
    <Card>
      <h2 className="mb-4 text-lg font-semibold">{person ? `Change ${person.name}` : 'Add a person'}</h2>
      <BirthForm
        subject="other"
        saved={person}
        onCancel={onDone}
        save={(payload) => savePerson({ ...payload, relation: relation.trim() || null }, person?.id)}
        onSaved={(saved: BirthData) => {
          void queryClient.invalidateQueries({ queryKey: queryKeys.people.all });
          toast.success(person ? `${saved.name} was updated` : `${saved.name} was added`);
          onDone();
        }}
      >
        <Field
          label="Relation (optional)"
          hint="Partner, friend, family, or your own word."
          list={listId}
          maxLength={RELATION_MAX_LENGTH}
          autoComplete="off"
          value={relation}
          onChange={(event) => setRelation(event.currentTarget.value)}
        />
        <datalist id={listId}>
          {RELATION_SUGGESTIONS.map((word) => (
            <option key={word} value={word} />
          ))}
        </datalist>
      </BirthForm>
    </Card>
  );
}

function PersonCard({ person, onEdit }: { person: Person; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setRemoving(true);
    setError(null);
    try {
      await removePerson(person.id);
      toast.success(`${person.name} was removed`);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.people.all });
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setRemoving(false);
    }
  };
  const place = [person.city, person.country].filter(Boolean).join(', ');
  return (
    <li>
      <Card className="flex h-full flex-col gap-3">
        <div>
          <p className="text-lg font-semibold">{person.name}</p>
          {person.relation ? <p className="text-sm text-muted capitalize">{person.relation}</p> : null}
        </div>
        <p className="text-sm">
          {describeBirthDate(person)}, {person.timeUnknown ? 'time unknown' : describeBirthTime(person)}
          <br />
          {place}
        </p>
        <div className="mt-auto flex flex-wrap gap-2">
          <Link to={`/people/${encodeURIComponent(person.id)}`} className={buttonClasses('primary', 'sm')}>
            Compare charts
          </Link>
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={onEdit}
          >
            Edit<span className="sr-only"> {person.name}</span>
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            onClick={() => setConfirming(true)}
          >
            Remove<span className="sr-only"> {person.name}</span>
          </Button>
        </div>
        <Dialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={`Remove ${person.name}?`}
          description="Their birth data and your comparison with them will be deleted."
        >
          {error ? <Alert tone="error">{error}</Alert> : null}
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={removing}>
              Keep
            </Button>
            <Button variant="danger" loading={removing} loadingText="Removing..." onClick={remove}>
              Remove
            </Button>
          </div>
        </Dialog>
      </Card>
    </li>
  );
}
