/**
 * /c/{id}: a public creation's share page, for anyone, rendered on the server and shipped without
 * JavaScript (nothing on it needs a script: 'Create your own' is a link, and so are the header's
 * "Sign in" and languages), so a phone shows it at once and chat apps read its Open Graph /
 * Twitter meta. Private, deleted and unknown ids are the same 404 (server/pages/share-page.ts);
 * the owner sees their private creation, told so.
 */
import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { useFormatter, useTranslations } from '~/i18n';
import { ReportForm } from '~/features/share/ReportForm';
import { shareReportAnswer } from '~/server/http/share-report';
import { sharePageProps, type SharePageProps } from '~/server/pages/share-page';

// No client JavaScript on this page: everything it shows is in the server's HTML.
export const config = { unstable_runtimeJS: false };

// The report form posts to the page itself (it works without a script): a POST is a report.
export const getServerSideProps: GetServerSideProps<SharePageProps> = (context) => (context.req.method === 'POST' ? shareReportAnswer(context) : sharePageProps(context));

const DESCRIPTION_MAX = 200;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export default function SharePage({ creation, report }: SharePageProps) {
  const t = useTranslations('share');
  const format = useFormatter();
  const media = creation.media[0];
  const isVideo = media?.contentType.startsWith('video/') ?? false;
  const title = t('title', { model: creation.modelName });
  const description = clip(creation.prompt ?? t('description', { model: creation.modelName }), DESCRIPTION_MAX);
  const previewImage = isVideo ? media?.posterUrl : media?.url;
  return (
    <>
      <Head>
        <title>{`${title} · Lumen Studio`}</title>
        <meta name="description" content={description} />
        {creation.isPublic ? null : <meta name="robots" content="noindex" />}
        <meta property="og:type" content="website" />
        <meta property="og:site_name" content="Lumen Studio" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={description} />
        <meta property="og:url" content={creation.pageUrl} />
        {previewImage ? <meta property="og:image" content={previewImage} /> : null}
        {!isVideo && media?.width ? <meta property="og:image:width" content={String(media.width)} /> : null}
        {!isVideo && media?.height ? <meta property="og:image:height" content={String(media.height)} /> : null}
        {previewImage ? <meta property="og:image:alt" content={description} /> : null}
        {isVideo && media ? <meta property="og:video" content={media.url} /> : null}
        {isVideo && media ? <meta property="og:video:type" content={media.contentType} /> : null}
        <meta name="twitter:card" content={previewImage ? 'summary_large_image' : 'summary'} />
        <meta name="twitter:title" content={title} />
        <meta name="twitter:description" content={description} />
        {previewImage ? <meta name="twitter:image" content={previewImage} /> : null}
        {!isVideo && media ? <link rel="preload" as="image" href={media.url} fetchPriority="high" /> : null}
      </Head>
      <Container size="md" py="xl" data-testid="share-page">
        <Stack gap="md">
          {creation.isOwner && !creation.isPublic ? (
            <Alert color="violet" variant="light" data-testid="share-private-note">
              {t('privateNote')}
            </Alert>
          ) : null}
          {media ? (
            isVideo ? (
              <video
                src={media.url}
                poster={media.posterUrl ?? undefined}
                controls
                loop
                playsInline
                style={{ width: '100%', maxHeight: '75vh', borderRadius: 12, background: '#000' }}
                data-testid="share-video"
              />
            ) : (
              // A plain image with its real size: the browser reserves its space and paints it first.
              <img
                src={media.url}
                alt={creation.prompt ?? title}
                width={media.width ?? undefined}
                height={media.height ?? undefined}
                fetchPriority="high"
                style={{ width: '100%', height: 'auto', maxHeight: '75vh', objectFit: 'contain', borderRadius: 12 }}
                data-testid="share-image"
              />
            )
          ) : null}
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Title order={1} size="h3" data-testid="share-model">
                {t('madeWith', { model: creation.modelName })}
              </Title>
              <Text size="sm" c="dimmed">
                {t('createdOn', { date: format.dateTime(new Date(creation.createdAt), { dateStyle: 'long' }) })}
              </Text>
            </Stack>
            {creation.remixHref ? (
              <Button component="a" href={creation.remixHref} data-testid="share-create-own">
                {t('createOwn')}
              </Button>
            ) : null}
          </Group>
          {creation.prompt ? (
            <Text data-testid="share-prompt">
              <Text span fw={600}>
                {t('prompt')}:
              </Text>{' '}
              {creation.prompt}
            </Text>
          ) : creation.promptHidden ? (
            <Text size="sm" c="dimmed" data-testid="share-prompt-hidden">
              {t('promptHidden')}
            </Text>
          ) : null}
          {creation.isOwner ? null : <ReportForm id={creation.id} outcome={report} />}
          <Anchor href="/" size="sm">
            Lumen Studio
          </Anchor>
        </Stack>
      </Container>
    </>
  );
}

// The frame's controls too are links, not scripts (StudioLayout's PageScripts).
SharePage.withoutScripts = !config.unstable_runtimeJS;
