/**
 * The Image to Prompt dialog (tool-catalogue §2, §4): upload an image, generate, read the prompt,
 * and 'Use this Prompt' fills the form's prompt and closes the dialog.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from '~/i18n';
import { useEffect, useState } from 'react';
import { creditCostFor, waitTimeFor } from '~/catalogue/public';
import { useUserDetails } from '~/features/user/useUserDetails';
import { trpc } from '~/utils/trpc';
import { ImageUploader } from '~/features/uploads';
import { SparklesIcon } from '~/features/uploads/icons';
import { IMAGE_TO_TEXT_MODELS, useImageToText } from './useImageToText';

type Props = {
  opened: boolean;
  onClose: () => void;
  onUsePrompt: (prompt: string) => void;
};

export function ImageToPromptDialog({ opened, onClose, onUsePrompt }: Props) {
  const t = useTranslations('imageToPrompt');
  const tGenerator = useTranslations('generator');
  const phone = useMediaQuery('(max-width: 36em)');
  const { run, pending, error, reset } = useImageToText('prompt');
  const { user } = useUserDetails();
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [prompt, setPrompt] = useState<string | null>(null);
  // The tool's public definition arrives with the dialog (the catalogue is not in the page's bundle).
  const definition = trpc.generation.model.useQuery({ id: IMAGE_TO_TEXT_MODELS.prompt }, { enabled: opened, staleTime: Infinity });
  const cost = definition.data ? creditCostFor(definition.data) : null;
  // While it runs, a free user first waits the tool's free queue time, as in the generator
  // (core-flow §4 step 3): 'Queue wait time: ~{n}s'. Premium users see no notice.
  const queueWaitSeconds = pending && user?.premium !== true && definition.data ? waitTimeFor(definition.data, false) : null;

  // Each opening starts fresh.
  useEffect(() => {
    if (!opened) return;
    setImageUrl(null);
    setPrompt(null);
    reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  const generate = async () => {
    if (!imageUrl) return;
    setPrompt(null);
    const text = await run(imageUrl);
    if (text) setPrompt(text);
  };

  const use = () => {
    if (!prompt) return;
    onUsePrompt(prompt);
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="lg" centered fullScreen={phone}>
      <Stack gap="md" data-testid="image-to-prompt-dialog">
        <Text size="sm" c="dimmed">
          {t('intro')}
        </Text>
        <ImageUploader
          value={imageUrl}
          onChange={(url) => {
            setImageUrl(url);
            setPrompt(null);
            reset();
          }}
          label={t('imageLabel')}
          disabled={pending}
          height={200}
          testId="image-to-prompt-image"
        />
        <Group justify="space-between" align="center" wrap="wrap" gap="xs">
          <Text size="xs" c="dimmed">
            {cost === null ? '\u00a0' : t('cost', { count: cost })}
          </Text>
          <Button onClick={() => void generate()} disabled={!imageUrl || pending} leftSection={<SparklesIcon size={16} />} data-testid="image-to-prompt-generate">
            {pending ? t('generating') : t('generate')}
          </Button>
        </Group>
        {queueWaitSeconds !== null && queueWaitSeconds > 0 ? (
          <Text size="sm" c="dimmed" data-testid="image-to-prompt-queue-wait" aria-live="polite">
            {tGenerator('queueWait', { seconds: Math.round(queueWaitSeconds) })}
          </Text>
        ) : null}
        {error && (
          <Alert color="red" variant="light" role="alert" title={error.message}>
            {error.detail}
          </Alert>
        )}
        {prompt && (
          <Stack gap="xs">
            <Textarea label={t('result')} value={prompt} readOnly autosize minRows={3} maxRows={10} data-testid="image-to-prompt-result" />
            <Group justify="flex-end">
              <Button onClick={use} data-testid="image-to-prompt-use">
                {t('use')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
