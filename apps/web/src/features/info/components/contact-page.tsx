import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  type ContactBody,
  ContactBodySchema,
  type ContactInput,
} from '@app/contracts/contact.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Mail, MailCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { applyServerErrors } from '../../../lib/server-errors.ts';
import { useSupportEmail } from '../../../lib/support-email.ts';
import { useMetaDescription } from '../../../lib/use-meta-description.ts';
import { sendContactMessage } from '../api/send-contact-message.ts';
import { topicFromParam } from './contact-topic.ts';

const TOPIC_OPTIONS = CONTACT_TOPICS.map((topic) => ({ value: topic, label: CONTACT_TOPIC_LABELS[topic] }));
const FIELDS = ['name', 'email', 'topic', 'message'] as const;

function SupportAddress({ email }: { email: string }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
      <Mail aria-hidden="true" className="size-4 text-accent" />
      <span>Prefer email? Write to</span>
      <a href={`mailto:${email}`} className="font-medium break-all text-accent underline underline-offset-2">
        {email}
      </a>
    </p>
  );
}

function Sent({ message, email, onAnother }: { message: string; email: string; onAnother: () => void }) {
  return (
    <Card className="flex flex-col items-start gap-4">
      <MailCheck aria-hidden="true" className="size-10 text-gold" />
      <h2 className="text-2xl font-semibold">Message sent</h2>
      <p role="status">{message}</p>
      <p className="text-sm text-muted">
        We have emailed a confirmation to <strong className="break-all">{email}</strong>. Our answer will come
        to that address.
      </p>
      <Button variant="secondary" onClick={onAnother}>
        Write another message
      </Button>
    </Card>
  );
}

export default function ContactPage() {
  useMetaDescription(
    'Contact Astro Guidance: questions about your account, billing, privacy or the partner programme.',
  );
  const [params] = useSearchParams();
  const topicParam = topicFromParam(params.get('topic'));
  const supportEmail = useSupportEmail();
  const [sent, setSent] = useState<{ message: string; email: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ContactInput, unknown, ContactBody>({
    resolver: zodResolver(ContactBodySchema),
    defaultValues: {
      name: '',
      email: '',
      // The footer's Support link and other pages may preselect a topic: /contact?topic=support.
      topic: topicParam ?? ('' as ContactInput['topic']),
      message: '',
    },
  });
  const messageLength = watch('message')?.length ?? 0;
  // Following a topic link while already on the page (the footer's Support link) picks that topic.
  useEffect(() => {
    if (topicParam) setValue('topic', topicParam);
  }, [topicParam, setValue]);

  const onSubmit = async (body: ContactBody) => {
    setFormError(null);
    try {
      const result = await sendContactMessage(body);
      setSent({ message: result.message, email: body.email });
      reset({ name: body.name, email: body.email, topic: body.topic, message: '' });
    } catch (error) {
      setFormError(applyServerErrors(error, setError, FIELDS));
    }
  };

  return (
    <Page
      title="Contact us"
      lead="Questions about your account, your subscription, your data or the partner programme? Send us a message and we will answer by email."
    >
      {sent ? (
        <Sent message={sent.message} email={sent.email} onAnother={() => setSent(null)} />
      ) : (
        <Card>
          <form
            onSubmit={handleSubmit(onSubmit)}
            noValidate
            className="flex flex-col gap-4"
            aria-label="Contact us"
          >
            <Field label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              hint="We answer to this address."
              error={errors.email?.message}
              {...register('email')}
            />
            <SelectField
              label="Topic"
              placeholder="Choose a topic"
              options={TOPIC_OPTIONS}
              error={errors.topic?.message}
              {...register('topic')}
            />
            <TextareaField
              label="Message"
              rows={7}
              maxLength={CONTACT_MESSAGE_MAX_LENGTH}
              hint={`${messageLength} / ${CONTACT_MESSAGE_MAX_LENGTH} characters. Please do not send passwords or card numbers.`}
              error={errors.message?.message}
              {...register('message')}
            />
            {formError ? <Alert tone="error">{formError}</Alert> : null}
            <Button type="submit" size="lg" loading={isSubmitting} loadingText="Sending...">
              Send message
            </Button>
          </form>
        </Card>
      )}
      <div className="mt-6">
        <SupportAddress email={supportEmail} />
      </div>
    </Page>
  );
}
