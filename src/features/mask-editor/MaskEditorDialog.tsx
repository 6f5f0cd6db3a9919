/**
 * The 'Create Mask' dialog (tool-catalogue §2, §4): loads the image through the image proxy,
 * brush, eraser, undo and a brush-size slider; 'Generate Mask' ('Processing...') uploads the mask
 * and hands its URL back. Full screen on a phone.
 */
import { ActionIcon, Alert, Button, Center, Group, Loader, Modal, SegmentedControl, Slider, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from '~/i18n';
import { useEffect, useState } from 'react';
import { BrushIcon, EraserIcon, UndoIcon } from '~/features/uploads/icons';
import { loadImageForMasking, type LoadedImage } from './load-image';
import { MaskCanvas } from './MaskCanvas';
import { hasPaint, type MaskTool, type Stroke } from './strokes';
import { useMaskUpload } from './useMaskUpload';

export type BrushRange = { min: number; max: number; default: number };

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The image to paint over (the control's imageField value). */
  imageUrl: string | null;
  brush: BrushRange;
  /** Strokes of an earlier mask of the same image, so editing continues where it stopped. */
  initialStrokes?: readonly Stroke[];
  onMaskReady: (maskUrl: string, strokes: Stroke[]) => void;
};

type LoadState = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; image: LoadedImage };

export function MaskEditorDialog({ opened, onClose, imageUrl, brush, initialStrokes, onMaskReady }: Props) {
  const t = useTranslations('mask');
  const phone = useMediaQuery('(max-width: 36em)');
  const [load, setLoad] = useState<LoadState>({ status: 'idle' });
  const [strokes, setStrokes] = useState<Stroke[]>([...(initialStrokes ?? [])]);
  const [tool, setTool] = useState<MaskTool>('brush');
  const [brushSize, setBrushSize] = useState(brush.default);
  // Whether the dialog has finished its opening animation (Mantine's 'pop': scale and slide, 200 ms).
  // Strokes made during it still land right (each point is mapped through the canvas's live
  // rectangle); the painting area reports itself ready only once it stands still.
  const [entered, setEntered] = useState(false);
  const { uploadMask, processing, error, clearError } = useMaskUpload();

  // Load (or reload) the image each time the dialog opens on an image.
  useEffect(() => {
    if (!opened) {
      setEntered(false);
      return;
    }
    setStrokes([...(initialStrokes ?? [])]);
    clearError();
    if (!imageUrl) {
      setLoad({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    let loaded: LoadedImage | null = null;
    setLoad({ status: 'loading' });
    loadImageForMasking(imageUrl, controller.signal)
      .then((image) => {
        loaded = image;
        if (!controller.signal.aborted) setLoad({ status: 'ready', image });
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Could not load the image for masking', failure);
        setLoad({ status: 'failed' });
      });
    return () => {
      controller.abort();
      loaded?.release();
    };
    // initialStrokes is read when the dialog opens only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, imageUrl]);

  const undo = () => setStrokes((s) => s.slice(0, -1));

  // Ctrl/Cmd+Z undoes; B and E switch tools.
  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        setStrokes((s) => s.slice(0, -1));
      } else if (!event.ctrlKey && !event.metaKey && !event.altKey) {
        if (event.key === 'b') setTool('brush');
        if (event.key === 'e') setTool('eraser');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened]);

  const generate = async () => {
    if (load.status !== 'ready') return;
    const url = await uploadMask(strokes, load.image.width, load.image.height);
    if (url) {
      onMaskReady(url, strokes);
      onClose();
    }
  };

  const ready = load.status === 'ready';

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onEnterTransitionEnd={() => setEntered(true)}
      title={t('title')}
      size="xl"
      centered
      fullScreen={phone}
      closeOnClickOutside={!processing}
      closeOnEscape={!processing}
      withCloseButton={!processing}
    >
      <Stack gap="md" data-testid="mask-editor">
        {!imageUrl ? (
          <Alert color="red" variant="light" role="alert">
            {t('noImage')}
          </Alert>
        ) : load.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {t('loadFailed')}
          </Alert>
        ) : load.status !== 'ready' ? (
          <Center mih={240}>
            <Stack align="center" gap="xs" role="status">
              <Loader />
              <Text size="sm" c="dimmed">
                {t('loading')}
              </Text>
            </Stack>
          </Center>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t('hint')}
            </Text>
            <Group gap="sm" wrap="wrap" align="center">
              <SegmentedControl
                aria-label={t('tools')}
                value={tool}
                onChange={(value) => setTool(value as MaskTool)}
                disabled={processing}
                data={[
                  {
                    value: 'brush',
                    label: (
                      <Group gap={6} wrap="nowrap">
                        <BrushIcon size={16} />
                        <span>{t('brush')}</span>
                      </Group>
                    ),
                  },
                  {
                    value: 'eraser',
                    label: (
                      <Group gap={6} wrap="nowrap">
                        <EraserIcon size={16} />
                        <span>{t('eraser')}</span>
                      </Group>
                    ),
                  },
                ]}
              />
              <Tooltip label={t('undo')}>
                <ActionIcon variant="default" size="lg" aria-label={t('undo')} onClick={undo} disabled={processing || strokes.length === 0}>
                  <UndoIcon size={18} />
                </ActionIcon>
              </Tooltip>
              <Button variant="subtle" size="compact-sm" onClick={() => setStrokes([])} disabled={processing || strokes.length === 0}>
                {t('clear')}
              </Button>
              <Stack gap={2} style={{ flex: '1 1 180px', minWidth: 160 }}>
                <Text size="xs" fw={500} aria-hidden="true">
                  {t('brushSize')}: {brushSize}
                </Text>
                <Slider
                  min={brush.min}
                  max={brush.max}
                  step={1}
                  value={brushSize}
                  onChange={setBrushSize}
                  disabled={processing}
                  label={null}
                  thumbLabel={t('brushSize')}
                  data-testid="mask-brush-size"
                />
              </Stack>
            </Group>
            <MaskCanvas
              image={load.image}
              strokes={strokes}
              onStrokesChange={setStrokes}
              tool={tool}
              brushSize={brushSize}
              label={t('canvasLabel')}
              disabled={processing}
              settled={entered}
              maxHeight={phone ? '62dvh' : '60vh'}
            />
          </>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={processing}>
            {t('cancel')}
          </Button>
          <Button
            onClick={() => void generate()}
            leftSection={processing ? <Loader size={14} color="currentColor" /> : undefined}
            disabled={!ready || processing || !hasPaint(strokes)}
            data-testid="mask-generate"
          >
            {processing ? t('processing') : t('generate')}
          </Button>
        </Group>
        {ready && !hasPaint(strokes) && (
          <Text size="xs" c="dimmed" ta="right">
            {t('nothingPainted')}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
