import { CommentBar, PostDetail } from '@/features/community/post-detail';
import { PostComposer } from '@/features/community/post-composer';
import { PageMessages } from '@/i18n/page-messages';
import { pageLocale, type LocaleProps } from '@/i18n/routing';
import { translatedTitle } from '@/components/layout/messages-page';

export const generateMetadata = translatedTitle('community', 'title');

export default async function CommunityTestPage({ params }: LocaleProps) {
  await pageLocale(params);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageMessages namespaces={['community']}>
        <PostComposer />
        <PostDetail />
        <CommentBar />
      </PageMessages>
    </div>
  );
}
