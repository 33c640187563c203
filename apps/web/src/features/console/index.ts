/**
 * The operator console's face (docs/console.md): an application of its own under `/admin`, with its
 * own routes, session, texts and styles. The site takes one thing from it, its mount, and only by a
 * dynamic import on a console path, so no player's page downloads any of it.
 */
export { renderConsole } from './console-entry';
