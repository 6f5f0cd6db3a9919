/** Not found, inside the studio's shell (which needs the locale's messages). */
import { Alert, Container } from '@mantine/core';
import type { GetStaticProps } from 'next';
import { useTranslations } from '~/i18n';
import { messagesProps } from '~/server/pages/page-props';

export const getStaticProps: GetStaticProps = ({ locale }) => ({ props: messagesProps(locale) });

export default function NotFoundPage() {
  const t = useTranslations('generator');
  return (
    <Container size="md" py="xl">
      <Alert color="red" variant="light">
        {t('pageNotFound')}
      </Alert>
    </Container>
  );
}
