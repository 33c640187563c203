// Content pages, loaded on demand (app/routes/lazy-pages.tsx) so /home stays small.
/** One information or policy page, in the current language. */
export { InfoPage } from './components/info-page';
/** The guide at /blog/:slug (reads the slug from the route). */
export { BlogPostPage } from './components/blog-post-page';
