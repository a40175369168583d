import { useState } from 'react';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { getErrorMessage } from '../../../lib/error-messages.ts';
import { useLandscapeLocation } from '../hooks/use-landscape-location.ts';

/** Where the person is now: its zone decides when their day starts and ends. */
export function LocationSetting() {
  const { location, change } = useLandscapeLocation();
  const [typed, setTyped] = useState('');
  const current = location.data;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm" role="status">
        {!current
          ? '\u00a0'
          : current.name
            ? `Your day follows ${current.name} (${current.zone?.replace(/_/g, ' ')}).`
            : 'Your day follows your birth place.'}
      </p>
      <PlaceCombobox
        label="Current location"
        hint="Choose a place from the list: your day then starts and ends at its midnight."
        value={typed}
        onType={setTyped}
        onChoose={(place) => {
          setTyped('');
          change.mutate(place.id);
        }}
      />
      {current?.placeId ? (
        <Button variant="ghost" size="sm" className="self-start" onClick={() => change.mutate(null)}>
          Use my birth place
        </Button>
      ) : null}
      {change.isPending ? <p className="text-sm text-muted">Saving…</p> : null}
      {change.isError ? <p className="text-sm text-danger">{getErrorMessage(change.error)}</p> : null}
      {location.isError ? <p className="text-sm text-danger">{getErrorMessage(location.error)}</p> : null}
    </div>
  );
}
