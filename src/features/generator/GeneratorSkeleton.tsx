import { Grid, Paper, Skeleton, Stack } from '@mantine/core';

/** Shown while the model loads (core-flow §2). */
export function GeneratorSkeleton() {
  return (
    <Grid gap="lg" data-testid="generator-skeleton">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder radius="lg" p="md">
          <Stack gap="md">
            <Skeleton height={14} width="30%" />
            <Skeleton height={36} />
            <Skeleton height={14} width="25%" />
            <Skeleton height={96} />
            <Skeleton height={14} width="35%" />
            <Skeleton height={44} />
            <Skeleton height={48} mt="md" radius="xl" />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Skeleton radius="lg" style={{ aspectRatio: '4 / 3' }} />
      </Grid.Col>
    </Grid>
  );
}
