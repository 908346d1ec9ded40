import { messagesPage, translatedTitle } from '@/components/layout/messages-page';
import { GameLinkSignIn } from '@/features/auth/game-link';

// The game's one-time sign-in link lands here: /dang-nhap-nhanh#<token> (never indexed, never cached).
export const generateMetadata = translatedTitle('gameLink', 'title', { robots: { index: false } });

export default messagesPage('gameLink', 'title', GameLinkSignIn);
