import type {
  GameAuthenticateAnswer,
  GameAuthenticateBody,
  GameItem,
  GameLookupAnswer,
  GameLookupBody,
  GameMailAnswer,
  GameMailBody,
} from '@carabala/contracts/game-api';

/**
 * The game's back end as the site sees it: the calls of the contract (docs/game-api.md). Two
 * implementations answer it: the embedded account service (no GAME_API_URL: the site's own tables are
 * the game's) and the remote client (signed HTTP to GAME_API_URL). Everything else uses this interface,
 * so both modes run one code path.
 */
export interface GameBackend {
  readonly mode: 'embedded' | 'connected';
  authenticate(body: GameAuthenticateBody): Promise<GameAuthenticateAnswer>;
  lookUp(by: GameLookupBody): Promise<GameLookupAnswer>;
  listItems(): Promise<GameItem[]>;
  deliverMail(mail: GameMailBody): Promise<GameMailAnswer>;
}

/** The game did not answer in time, answered outside the contract, or its circuit is open. */
export class GameUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GameUnavailableError';
  }
}
