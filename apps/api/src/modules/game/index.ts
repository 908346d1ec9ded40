// The connector to the game's back end (docs/game-api.md): players, their servers and characters, items.
export type { GameBackend } from './backend';
export { GameUnavailableError } from './backend';
export { resolveCharacter, type GameReceiver } from './characters';
export {
  allItems,
  createGameItems,
  gameItemList,
  itemFields,
  itemNames,
  listedItems,
  refreshItems,
  refuseUnlistedItems,
  unknownOrUnlisted,
  type GameItems,
  type GameItemSource,
  type ItemsRefresh,
} from './items';
export { embeddedGameItems } from './embedded-items';
export { gameItemsRoutes } from './items-routes';
export { createGameConnector, type GameConnector, type GameConnectorState } from './connector';
export { createLocalPasswordCheck, type LocalAccount, type LocalPasswordCheck } from './embedded-backend';
export { gameUnavailable, type GamePlayers, type PlayerAccount } from './players';
export { createGameService, type GameService } from './service';
export { gameRoutes } from './routes';
