/**
 * The generator panel (core-flow §2): model picker (more than one model), the selected model's
 * form with its sticky footer, the output area and the Recent Creations widget. The flow itself
 * lives in flow/*; this component only wires state to views.
 */
import { Alert, Anchor, Badge, Box, Container, Grid, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from '~/i18n';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { BATCH_MAX_PROMPTS, batchCostFor, batchItemInputs, batchPromptField, batchPromptLines, estimatedDurationFor, RECENT_LIMIT_GENERATOR, type PublicApp, type PublicModelDefinition } from '~/catalogue/public';
import { pathWithoutLocale } from '~/features/auth/callback-url';
import { BATCH_OFF, type BatchValues } from '~/features/batches/batch-values';
import { useBatchSubmit } from '~/features/batches/useBatchSubmit';
import { RecentCreations } from '~/features/creations/RecentCreations';
import type { FormValues } from '~/features/form/controls/types';
import { DynamicForm } from '~/features/form/DynamicForm';
import { carryOver, openingValues, PRIVACY_FIELD, valuesFromCreation } from '~/features/form/form-values';
import { useModelForm } from '~/features/form/useModelForm';
import { MaintenanceBanner } from '~/features/maintenance/MaintenanceBanner';
import { useSystemStatus } from '~/features/maintenance/useSystemStatus';
import { OutputArea, type OutputAreaProps } from '~/features/outputs/OutputArea';
import { useUserDetails } from '~/features/user/useUserDetails';
import { PromptAssistHost } from '~/features/image-to-prompt/PromptAssistHost';
import type { Prediction, ShownPrediction } from '~/features/predictions/types';
import { FormFooter } from './FormFooter';
import { GeneratorSkeleton } from './GeneratorSkeleton';
import { useGeneration } from './useGeneration';

// Switching model is not needed to fill the form and press Generate: the searchable picker loads
// just after, behind a skeleton of its size.
const ModelPicker = dynamic(() => import('./ModelPicker').then((m) => m.ModelPicker), { ssr: false, loading: () => <Skeleton h={60} radius="md" /> });
// Only image-to-image results show the before/after slider: its code loads with such a result.
const ComparisonSlider = dynamic(() => import('~/features/outputs/ComparisonSlider').then((m) => m.ComparisonSlider), { ssr: false });
// A finished result's star, sharing and 'Copy link' load with the result, not with the generator.
const ResultKeepActions = dynamic(() => import('~/features/creations/ResultKeepActions').then((m) => m.ResultKeepActions), { ssr: false });
// The Batch control loads just after the form, and a batch's card once one is sent: neither is
// needed to fill the form and press Generate.
const BatchFields = dynamic(() => import('~/features/batches/BatchFields').then((m) => m.BatchFields), { ssr: false });
const BatchCard = dynamic(() => import('~/features/batches/BatchCard').then((m) => m.BatchCard), { ssr: false });
const keepActions = (prediction: ShownPrediction) => <ResultKeepActions id={prediction.id} isPublic={prediction.isPublic} review={prediction.review} />;

export type GeneratorPanelProps = {
  /** The app and its models' public definitions, from the page's server data (null: unknown app). */
  app: PublicApp | null;
  models: PublicModelDefinition[];
  /** A model of the app to open instead of its default (e.g. an effect page opens the effect model). */
  modelId?: string;
  /** Values to start from (e.g. ?lora= preselects the LoRA, an effect page its effect). */
  preset?: FormValues;
  /** Heading above the panel; defaults to the app's name and description. */
  header?: ReactNode;
  /** A result handed over from another tool: the opening model's form starts from these values. */
  handOver?: { values: FormValues; unavailable: readonly string[] };
};

export function GeneratorPanel(props: GeneratorPanelProps) {
  const t = useTranslations('generator');
  const router = useRouter();
  const { app, models } = props;
  if (!app) {
    return (
      <Container size="xl" py="xl">
        <Alert color="red" variant="light" data-testid="app-not-found">
          {t('appNotFound')}
        </Alert>
      </Container>
    );
  }
  const queryModel = typeof router.query.model === 'string' ? router.query.model : undefined;
  const wantedId = props.modelId ?? queryModel ?? app.defaultModelId;
  const defaultModel = models.find((m) => m.id === app.defaultModelId);
  const model = models.find((m) => m.id === wantedId);

  return (
    <Container size="xl" py="lg">
      <Stack gap="md">
        {props.header ?? <AppHeader app={app} />}
        <MaintenanceBanner />
        {props.handOver?.unavailable.length ? (
          <Alert color="yellow" variant="light" data-testid="hand-over-unavailable">
            {t('handOverUnavailable')}
          </Alert>
        ) : null}
        {!router.isReady ? (
          <GeneratorSkeleton />
        ) : !defaultModel ? (
          <Alert color="red" variant="light" data-testid="no-default-model">
            {t('noDefaultModel')}
          </Alert>
        ) : !model ? (
          <Alert color="red" variant="light" data-testid="model-not-found">
            {t('modelNotFound')}
          </Alert>
        ) : (
          <GeneratorWorkspace app={app} models={models} initialModel={model} preset={props.preset} handedOver={props.handOver?.values} />
        )}
      </Stack>
    </Container>
  );
}

function AppHeader({ app }: { app: PublicApp }) {
  const t = useTranslations('generator');
  return (
    <Stack gap={4}>
      <Anchor component={Link} href="/#tools" size="sm" c="dimmed">
        ← {t('allTools')}
      </Anchor>
      <Group gap="sm" align="center">
        <Title order={1} size="h2" data-testid="app-title">
          {app.name}
        </Title>
        {app.category ? (
          <Badge variant="light" tt="capitalize">
            {app.category}
          </Badge>
        ) : null}
      </Group>
      <Text c="dimmed">{app.description}</Text>
    </Stack>
  );
}

type WorkspaceProps = { app: PublicApp; models: PublicModelDefinition[]; initialModel: PublicModelDefinition; preset?: FormValues; handedOver?: FormValues };

function GeneratorWorkspace({ app, models, initialModel, preset, handedOver }: WorkspaceProps) {
  const getModel = (id: string) => models.find((m) => m.id === id);
  const initialFor = (model: PublicModelDefinition, extra?: FormValues) => openingValues(app, model, { ...preset, ...extra });
  const [model, setModel] = useState<PublicModelDefinition>(initialModel);
  // Handed-over values fill the model the page opened on; switching model starts that one afresh.
  const form = useModelForm(model, () => initialFor(model, handedOver));
  const { user } = useUserDetails();
  const { isModelAvailable } = useSystemStatus();
  const tAvailability = useTranslations('availability');
  // The server says nobody can run this model here: say so where Generate is, and keep it off.
  const unavailable = !isModelAvailable(model.id);
  const premium = user?.premium === true;
  const outputRef = useRef<HTMLDivElement>(null);
  const generation = useGeneration();
  const { prediction, generating, queueWaitSeconds } = generation.state;
  const request = form.request();
  const tBatch = useTranslations('batch');
  const router = useRouter();
  // A batch: the same form over many prompts and seeds, priced by the same rule per item.
  const [batch, setBatch] = useState<BatchValues>(BATCH_OFF);
  const [batchId, setBatchId] = useState<string | null>(null);
  const batchSubmit = useBatchSubmit(setBatchId);
  const batchable = !model.sync && batchPromptField(model) !== undefined;
  const batchOn = batchable && batch.on;
  const batchLines = batchOn ? batchPromptLines(batch.prompts) : [];
  const batchItems = batchOn ? batchItemInputs(model, request, batchLines, batch.variations, 0) : [];
  const batchCredits = batchCostFor(model, batchItems);
  const batchShapeOk = batchLines.length >= 1 && batchLines.length <= BATCH_MAX_PROMPTS;
  // The first prompt fills the form's own prompt, so the form's rules check the rest of it.
  const firstLine = batchLines[0];
  useEffect(() => {
    if (batchOn && firstLine !== undefined && form.values.prompt !== firstLine) form.setValue('prompt', firstLine);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batchOn, firstLine]);

  // A preset that changes while the panel stays mounted (another effect picked on an effect page,
  // back/forward between them) is applied over the current values, which are kept otherwise.
  const presetKey = JSON.stringify(preset ?? {});
  const appliedPreset = useRef(presetKey);
  useEffect(() => {
    if (appliedPreset.current === presetKey) return;
    appliedPreset.current = presetKey;
    if (preset) form.patch(preset);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [presetKey]);

  const switchModel = (id: string) => {
    const next = getModel(id);
    if (!next || next.id === model.id) return;
    setModel(next);
    form.reset(initialFor(next, carryOver(form.values, next)));
  };

  const refill = (creation: Prediction) => {
    const target = getModel(creation.modelId);
    // Refill the current model's form; the creation's own model when this app has it.
    const into = target && app.modelIds.includes(target.id) ? target : model;
    const patch = valuesFromCreation(into, creation);
    if (into.id !== model.id) {
      setModel(into);
      form.reset({ ...initialFor(into), ...patch });
    } else {
      form.patch(patch);
    }
  };

  // The results column skips the re-render of each keystroke in the form; its callback stays the same.
  const refillRef = useRef(refill);
  useLayoutEffect(() => {
    refillRef.current = refill;
  });
  const onSelectCreation = useCallback((creation: Prediction) => refillRef.current(creation), []);

  const onGenerate = () => {
    if (batchOn) {
      const path = pathWithoutLocale(router.asPath, router.locales ?? []);
      const body = { ...request, model_id: model.id, appId: app.id, pageId: (path.split(/[?#]/)[0] ?? '/').slice(0, 200) };
      void batchSubmit.submit({ body, prompts: batchLines, variations: batch.variations, credits: batchCredits, signInPath: path });
    } else {
      void generation.generate({ model, request, appId: app.id });
    }
    // On a phone the output sits under the form: bring it into view.
    if (typeof window !== 'undefined' && window.matchMedia?.('(max-width: 62em)').matches) {
      outputRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  };

  const estimatedSeconds = estimatedDurationFor(model, request);
  const original = prediction?.display?.inputImages[0];
  const formBody = (
    <DynamicForm model={form.definition} values={form.values} setValue={form.setValue} fieldErrors={form.verdict.fieldErrors} disabled={generating} />
  );

  return (
    <Grid gap="lg" data-testid="generator" data-model={model.id}>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" shadow="xs">
          <Stack gap="lg" p="md" pb="lg">
            {models.length > 1 ? <ModelPicker models={models} value={model.id} onChange={switchModel} disabled={generating} /> : null}
            <PromptAssistHost>{formBody}</PromptAssistHost>
            {batchable ? <BatchFields value={batch} onChange={setBatch} disabled={generating || batchSubmit.sending} /> : null}
          </Stack>
          <FormFooter
            cost={batchOn ? batchCredits : form.verdict.cost}
            valid={form.verdict.validation.ok && !unavailable && (!batchOn || batchShapeOk)}
            validationMessage={unavailable ? tAvailability('modelUnavailable') : form.verdict.validation.ok ? null : form.verdict.validation.message}
            processing={generating}
            checking={generation.checking || batchSubmit.sending}
            estimatedSeconds={estimatedSeconds}
            premium={premium}
            isPublic={form.values[PRIVACY_FIELD] !== false}
            onPublicChange={(value) => form.setValue(PRIVACY_FIELD, value)}
            onGenerate={onGenerate}
            generateLabel={batchOn ? tBatch('generate', { items: batchItems.length, credits: batchCredits }) : undefined}
          />
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <ResultsColumn
          ref={outputRef}
          prediction={prediction}
          model={form.definition}
          queueWaitSeconds={queueWaitSeconds}
          estimatedSeconds={prediction?.queue?.estimatedSeconds ?? estimatedSeconds}
          original={original}
          onSelect={onSelectCreation}
          batchId={batchId}
        />
      </Grid.Col>
    </Grid>
  );
}

const RECENT_COLUMNS = { base: 3, sm: 6 };
const RESULTS_STYLE = { scrollMarginTop: 72 };

type ResultsColumnProps = Omit<OutputAreaProps, 'renderComparison' | 'renderKeepActions'> & {
  /** The input image a comparison tool shows against its result. */
  original: string | undefined;
  onSelect: (creation: Prediction) => void;
  /** The batch sent from this form, grouped above the output while it shows. */
  batchId: string | null;
  ref: Ref<HTMLDivElement>;
};

/**
 * The output and the recent creations beside the form. Memoised: typing in the form re-renders
 * the form, not this column (on a phone each keystroke re-rendered the whole page).
 */
const ResultsColumn = memo(function ResultsColumn({ prediction, model, queueWaitSeconds, estimatedSeconds, original, onSelect, batchId, ref }: ResultsColumnProps) {
  return (
    <Stack gap="md" ref={ref} style={RESULTS_STYLE}>
      {batchId ? <BatchCard key={batchId} id={batchId} showProgressInTitle /> : null}
      <OutputArea
        prediction={prediction}
        model={model}
        queueWaitSeconds={queueWaitSeconds}
        estimatedSeconds={estimatedSeconds}
        renderComparison={
          // Image-to-image tools with comparison labels show the original against the result.
          model.ui.comparisonLabels && original ? (resultUrl) => <ComparisonSlider originalUrl={original} resultUrl={resultUrl} model={model} /> : undefined
        }
        renderKeepActions={keepActions}
      />
      <Box>
        <RecentCreations limit={RECENT_LIMIT_GENERATOR} onSelect={onSelect} columns={RECENT_COLUMNS} />
      </Box>
    </Stack>
  );
});
