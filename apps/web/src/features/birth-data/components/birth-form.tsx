import type { BirthData, BirthDataInput, TimeResolution } from '@app/contracts/birth-data.ts';
import type { Place } from '@app/contracts/places.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PlaceCombobox } from '../../../components/place-combobox.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import type { BirthData as StoredBirthData } from '../api/get-birth-data.ts';
import { saveBirthData } from '../api/save-birth-data.ts';
import {
  BirthFormSchema,
  type BirthFormValues,
  type BirthProblem,
  describeTimeChoice,
  initialValues,
  localToday,
  MIN_BIRTH_DATE,
  placeLabel,
  readBirthProblem,
  toPayload,
  withPlace,
} from '../lib/form-logic.ts';

const FIELDS = ['name', 'date', 'time', 'city', 'country'] as const;

interface BirthFormProps {
  saved: StoredBirthData | null;
  /** The name a new chart starts with (the account's); the person may change it. */
  suggestedName?: string | undefined;
  onSaved: (birthData: BirthData) => void;
  onCancel?: () => void;
  /** Whose birth: the person's own (saved as their birth data) or someone else's (saved by `save`). */
  subject?: 'self' | 'other';
  /** Saves someone else's birth; the person's own goes to /api/birth-data. */
  save?: (payload: BirthDataInput) => Promise<BirthData>;
  /** Fields of the form's own, after the name (a relation). */
  children?: ReactNode;
}

/** Enter or change birth data. Refusals that need a choice (which place, which clock reading) become prompts. */
export function BirthForm({
  saved,
  suggestedName,
  onSaved,
  onCancel,
  subject = 'self',
  save,
  children,
}: BirthFormProps) {
  const editing = Boolean(saved?.date);
  const own = subject === 'self';
  const [formError, setFormError] = useState<string | null>(null);
  const [problem, setProblem] = useState<BirthProblem | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BirthFormValues>({
    resolver: zodResolver(BirthFormSchema),
    defaultValues: initialValues(saved, suggestedName),
  });
  const timeUnknown = watch('timeUnknown');
  // Open from the start when a stated offset is saved, so it is not overlooked when editing.
  const [clockOpen, setClockOpen] = useState(() => Boolean(initialValues(saved).statedOffset));
  const [resolving, setResolving] = useState(false);

  const submit = async (values: BirthFormValues, resolution?: TimeResolution) => {
    setFormError(null);
    setProblem(null);
    try {
      const payload = toPayload(values, resolution);
      onSaved(await (save ? save(payload) : saveBirthData(payload, editing)));
    } catch (error) {
      const choice = readBirthProblem(error);
      if (choice) setProblem(choice);
      else setFormError(applyServerErrors(error, setError, [...FIELDS]));
    }
  };

  const resolveWith = async (change: () => void, resolution?: TimeResolution) => {
    change();
    setResolving(true);
    await submit(getValues(), resolution);
    setResolving(false);
  };

  const choosePlace = (place: Place) =>
    resolveWith(() => {
      const next = withPlace(getValues(), place);
      setValue('city', next.city, { shouldValidate: true });
      setValue('country', next.country, { shouldValidate: true });
      setValue('placeId', next.placeId);
    });

  const busy = isSubmitting || resolving;
  return (
    <form
      aria-label={own ? 'Birth data' : 'Birth data of someone in your life'}
      noValidate
      onSubmit={handleSubmit((values) => submit(values))}
      className="flex flex-col gap-5"
      aria-busy={busy || undefined}
    >
      <Field
        label="Name"
        autoComplete={own ? 'name' : 'off'}
        error={errors.name?.message}
        {...register('name')}
      />
      {children}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Date of birth"
          type="date"
          min={MIN_BIRTH_DATE}
          max={localToday()}
          error={errors.date?.message}
          {...register('date')}
        />
        <Field
          label="Time of birth"
          type="time"
          step={60}
          disabled={timeUnknown}
          hint={
            timeUnknown
              ? 'Noon is used; houses and the Ascendant are left out.'
              : 'Local clock time, as on the birth certificate.'
          }
          error={errors.time?.message}
          {...register('time')}
        />
      </div>
      <label className="flex min-h-11 cursor-pointer items-center gap-3 text-sm">
        <input type="checkbox" className="size-5 accent-[var(--accent)]" {...register('timeUnknown')} />
        {own ? "I don't know my birth time" : "I don't know their birth time"}
      </label>
      <Controller
        control={control}
        name="city"
        render={({ field, fieldState }) => (
          <PlaceCombobox
            label="City of birth"
            name={field.name}
            value={field.value}
            error={fieldState.error?.message}
            onBlur={field.onBlur}
            onType={(text) => {
              field.onChange(text);
              // A country that came with the previous choice belongs to that place, not the new text.
              if (getValues('placeId') !== null) setValue('country', '');
              setValue('placeId', null);
            }}
            onChoose={(place) => {
              const next = withPlace(getValues(), place);
              field.onChange(next.city);
              setValue('country', next.country, { shouldValidate: true });
              setValue('placeId', next.placeId);
            }}
          />
        )}
      />
      <Field
        label="Country"
        autoComplete="country-name"
        error={errors.country?.message}
        {...register('country', { onChange: () => setValue('placeId', null) })}
      />
      <details
        className="rounded-2xl border border-line px-4 py-3"
        open={clockOpen || Boolean(errors.statedOffset)}
        onToggle={(event) => setClockOpen(event.currentTarget.open)}
      >
        <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium">
          Clock used (advanced)
        </summary>
        <div className="flex flex-col gap-3 pt-2 pb-1">
          <p className="text-sm text-muted">
            Before standard time, a birth time is read as the birthplace's own local mean time. If your record
            says which clock was used (a railway or city time), enter its offset from UTC here.
          </p>
          <Field
            label="Stated UTC offset"
            inputMode="text"
            autoComplete="off"
            placeholder="+01:00"
            hint="Like +01:00 or -04:56:02. Leave empty to use the birthplace's clock."
            error={errors.statedOffset?.message}
            {...register('statedOffset')}
          />
        </div>
      </details>

      {problem?.kind === 'place' ? (
        <fieldset className="flex flex-col gap-2 rounded-2xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Which place do you mean?</legend>
          <p className="text-sm text-muted" role="alert">
            {problem.message}
          </p>
          {problem.candidates.map((place) => (
            <Button
              key={place.id}
              variant="secondary"
              className="justify-start text-left"
              disabled={busy}
              onClick={() => choosePlace(place)}
            >
              {placeLabel(place)}
            </Button>
          ))}
        </fieldset>
      ) : null}
      {problem?.kind === 'time' ? (
        <fieldset className="flex flex-col gap-2 rounded-2xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">Which time do you mean?</legend>
          <p className="text-sm text-muted" role="alert">
            {problem.message}
          </p>
          {problem.choices.map((choice) => (
            <Button
              key={choice.resolution}
              variant="secondary"
              className="h-auto min-h-11 justify-start py-2 text-left"
              disabled={busy}
              onClick={() => resolveWith(() => undefined, choice.resolution)}
            >
              {describeTimeChoice(choice, problem.timeKind)}
            </Button>
          ))}
        </fieldset>
      ) : null}

      {formError ? <Alert tone="error">{formError}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" size="lg" loading={busy} loadingText="Saving...">
          {editing ? 'Save changes' : own ? 'Save and see my chart' : 'Add this person'}
        </Button>
        {onCancel ? (
          <Button variant="ghost" size="lg" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
