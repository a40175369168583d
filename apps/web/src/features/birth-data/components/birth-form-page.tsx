import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Clock, MapPin, MessageCircle, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSignedInPerson } from '../../../lib/signed-in-person.ts';
import { toast } from '../../../lib/toast-store.ts';
import { deleteBirthData } from '../api/delete-birth-data.ts';
import type { BirthData } from '../api/get-birth-data.ts';
import { describeBirthDate, describeBirthTime } from '../lib/form-logic.ts';
import { isBirthDataComplete, useBirthData } from '../stores/birth-data-store.ts';
import { BirthForm } from './birth-form.tsx';
import { NatalChartView } from './natal-chart-view.tsx';

/** /birth-form: enter birth data; once saved, the natal chart and the way on. */
export default function BirthFormPage() {
  const birthData = useBirthData((state) => state.birthData);
  const setBirthData = useBirthData((state) => state.setBirthData);
  const accountName = useSignedInPerson((state) => state.person?.name);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const complete = isBirthDataComplete(birthData);

  if (!complete || editing) {
    return (
      <Page
        title="Your birth data"
        lead="Your date, time and place of birth are the basis of your chart, your daily landscape and every answer in the chat."
      >
        <Card>
          <BirthForm
            saved={complete ? birthData : null}
            suggestedName={accountName}
            onCancel={editing ? () => setEditing(false) : undefined}
            onSaved={(saved) => {
              setBirthData(saved);
              setEditing(false);
              void queryClient.invalidateQueries({ queryKey: queryKeys.natalChart.all });
              toast.success(complete ? 'Birth data updated' : 'Birth data saved');
            }}
          />
        </Card>
      </Page>
    );
  }
  return (
    <Page title="Your birth chart" width="wide">
      <div className="flex flex-col gap-8">
        <BirthSummary birthData={birthData!} onEdit={() => setEditing(true)} />
        <NatalChartView />
      </div>
    </Page>
  );
}

function BirthSummary({ birthData, onEdit }: { birthData: BirthData; onEdit: () => void }) {
  const setBirthData = useBirthData((state) => state.setBirthData);
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setDeleting(true);
    setError(null);
    try {
      toast.success(await deleteBirthData());
      setConfirming(false);
      queryClient.removeQueries({ queryKey: queryKeys.natalChart.all });
      setBirthData(null);
    } catch (failure) {
      setError(getErrorMessage(failure));
    } finally {
      setDeleting(false);
    }
  };

  const place = [
    birthData.city,
    birthData.region !== birthData.city ? birthData.region : null,
    birthData.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-muted">Chart of</p>
          <p className="text-xl font-semibold">{birthData.name}</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={onEdit}
          >
            Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            onClick={() => setConfirming(true)}
          >
            Delete
          </Button>
        </div>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">Date</dt>
          <dd>{describeBirthDate(birthData)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">Time</dt>
          <dd>{birthData.timeUnknown ? 'Time unknown' : describeBirthTime(birthData)}</dd>
        </div>
        <div className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 text-muted" />
          <dt className="sr-only">Place</dt>
          <dd>{place}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Link to="/cosmic-landscape" className={buttonClasses('primary')}>
          <Sparkles aria-hidden="true" className="size-4" /> Today's cosmic landscape
        </Link>
        <Link to="/chat" className={buttonClasses('secondary')}>
          <MessageCircle aria-hidden="true" className="size-4" /> Ask about your chart
        </Link>
      </div>
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your birth data?"
        description="Your chart and the readings built on it will be removed. You can enter your birth data again at any time."
      >
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={deleting}>
            Keep it
          </Button>
          <Button variant="danger" loading={deleting} loadingText="Deleting..." onClick={remove}>
            Delete birth data
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
