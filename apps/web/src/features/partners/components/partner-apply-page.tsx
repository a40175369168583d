import {
  AUDIENCE_SIZE_LABELS,
  AUDIENCE_SIZES,
  PARTNER_CHANNELS_MAX_LENGTH,
  PARTNER_PROMOTION_MAX_LENGTH,
  PARTNER_PROMOTION_MIN_LENGTH,
  type PartnerApplicationBody,
  PartnerApplicationBodySchema,
  type PartnerApplicationInput,
} from '@app/contracts/partners.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckboxField } from '../../../components/ui/checkbox-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { applyAsPartner } from '../api/apply.ts';
import { useProgramme } from '../hooks/use-programme.ts';
import { ProgrammeTerms } from './programme-terms.tsx';

const AUDIENCE_OPTIONS = AUDIENCE_SIZES.map((size) => ({ value: size, label: AUDIENCE_SIZE_LABELS[size] }));
const FIELDS = ['name', 'email', 'channels', 'audienceSize', 'promotion', 'acceptTerms'] as const;

interface Sent {
  message: string;
  email: string;
  awaitingConfirmation: boolean;
}

function Received({ message, email, awaitingConfirmation }: Sent) {
  return (
    <Page title={awaitingConfirmation ? 'Confirm by email' : 'Application received'}>
      <Card className="flex flex-col items-start gap-4">
        <MailCheck aria-hidden="true" className="size-10 text-gold" />
        <p role="status">{message}</p>
        <p className="text-sm text-muted">
          {awaitingConfirmation ? (
            <>
              This address already has an application waiting for our decision. It keeps its earlier answers
              until you open the link we sent to <strong className="break-all">{email}</strong>; the link
              works for 24 hours.
            </>
          ) : (
            <>
              We review every application. A confirmation is on its way to{' '}
              <strong className="break-all">{email}</strong>, and our decision will come to the same address.
            </>
          )}
        </p>
        <Link to="/partners" className={buttonClasses('secondary')}>
          Back to the partner programme
        </Link>
      </Card>
    </Page>
  );
}

export default function PartnerApplyPage() {
  useMetaDescription(
    'Apply to the Astro Guidance partner programme: tell us where you publish and how you would recommend the app.',
  );
  const programme = useProgramme();
  const [received, setReceived] = useState<Sent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PartnerApplicationInput, unknown, PartnerApplicationBody>({
    resolver: zodResolver(PartnerApplicationBodySchema),
    defaultValues: {
      name: '',
      email: '',
      channels: '',
      audienceSize: '' as PartnerApplicationInput['audienceSize'],
      promotion: '',
    },
  });
  const promotionLength = watch('promotion')?.length ?? 0;

  const onSubmit = async (body: PartnerApplicationBody) => {
    setFormError(null);
    try {
      const result = await applyAsPartner(body);
      setReceived({
        message: result.message,
        email: body.email,
        awaitingConfirmation: result.awaitingConfirmation,
      });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  };

  if (received) return <Received {...received} />;

  return (
    <Page
      title="Apply to become a partner"
      lead={
        <>
          Tell us about yourself and your audience. New to the programme?{' '}
          <Link to="/partners" className="text-accent underline underline-offset-2">
            See how it works
          </Link>
          .
        </>
      }
    >
      <Card>
        <form
          onSubmit={handleSubmit(onSubmit)}
          noValidate
          className="flex flex-col gap-4"
          aria-label="Partner application"
        >
          <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <Field
            label="Email"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <TextareaField
            label="Website or social handles"
            rows={3}
            maxLength={PARTNER_CHANNELS_MAX_LENGTH}
            hint="One per line, for example https://your-site.example or @yourname on Instagram."
            error={errors.channels?.message}
            {...register('channels')}
          />
          <SelectField
            label="Audience size"
            placeholder="Choose the closest"
            options={AUDIENCE_OPTIONS}
            hint="Followers, subscribers or readers, across your channels."
            error={errors.audienceSize?.message}
            {...register('audienceSize')}
          />
          <TextareaField
            label="How will you promote Astro Guidance?"
            rows={5}
            maxLength={PARTNER_PROMOTION_MAX_LENGTH}
            hint={`At least ${PARTNER_PROMOTION_MIN_LENGTH} characters (${promotionLength} so far). For example: a monthly horoscope video with my link in the description.`}
            error={errors.promotion?.message}
            {...register('promotion')}
          />
          <details className="rounded-xl border border-line bg-surface-2/60 p-4">
            <summary className="cursor-pointer text-sm font-medium">Read the programme terms</summary>
            <div className="mt-3">
              <ProgrammeTerms programme={programme.data} />
            </div>
          </details>
          <CheckboxField
            label="I have read and accept the programme terms."
            error={errors.acceptTerms?.message}
            {...register('acceptTerms')}
          />
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <Button type="submit" size="lg" loading={isSubmitting} loadingText="Sending your application...">
            Send application
          </Button>
        </form>
      </Card>
    </Page>
  );
}
