import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from '~/i18n';
import Link from 'next/link';
import type { GetStaticProps } from 'next';
import { RECENT_LIMIT_DEFAULT } from '~/catalogue/public';
import { RecentCreations } from '~/features/creations/RecentCreations';
import { AppsGrid } from '~/features/generator/AppsGrid';
import { useUserDetails } from '~/features/user/useUserDetails';
import type { AppCard } from '~/server/pages/app-cards';
import { homeData, messagesProps } from '~/server/pages/page-props';

type Props = { cards: AppCard[] };

export const getStaticProps: GetStaticProps<Props> = ({ locale }) => ({ props: { ...messagesProps(locale), ...homeData() } });

export default function HomePage({ cards }: Props) {
  const t = useTranslations();
  const { user } = useUserDetails();
  return (
    <Container size="lg" py={48}>
      <Stack gap="md" maw={720}>
        <Title order={1} size={44} lh={1.1}>
          {t('home.heroTitle')}
        </Title>
        <Text size="lg" c="dimmed">
          {t('home.heroBody')}
        </Text>
        {user ? (
          <Text data-testid="welcome">{t('home.welcomeBack', { name: user.name ?? user.email, credits: user.credits })}</Text>
        ) : null}
        <Group>
          <Button component={Link} href="/#tools" size="md" radius="xl">
            {t('home.startCreating')}
          </Button>
        </Group>
      </Stack>
      <Stack id="tools" mt={56} gap={4}>
        <Title order={2}>{t('home.appsTitle')}</Title>
        <Text c="dimmed">{t('home.appsBody')}</Text>
        <Stack mt="md" gap="xl">
          <RecentCreations limit={RECENT_LIMIT_DEFAULT} columns={{ base: 3, sm: 6 }} />
          <AppsGrid cards={cards} />
        </Stack>
      </Stack>
    </Container>
  );
}
