/** /account/privacy: Account → Privacy (what is kept, download my data, delete my account). */
import type { GetServerSideProps } from 'next';
import Head from 'next/head';
import { getEnv } from '~/env';
import { PrivacyView } from '~/features/privacy/PrivacyView';
import { messagesProps, viewerProps } from '~/server/pages/page-props';

type Props = { uploadRetentionDays: number };

export const getServerSideProps: GetServerSideProps<Props> = async ({ req, locale }) => ({
  props: { ...messagesProps(locale), ...(await viewerProps(req)), uploadRetentionDays: getEnv().UPLOAD_RETENTION_DAYS },
});

export default function AccountPrivacyPage({ uploadRetentionDays }: Props) {
  return (
    <>
      <Head>
        <title>Privacy · Lumen Studio</title>
      </Head>
      <PrivacyView uploadRetentionDays={uploadRetentionDays} />
    </>
  );
}
