import { createSerwistRoute } from '@serwist/turbopack';

/**
 * The service worker (src/sw/sw.ts), bundled with esbuild by Serwist during `next build` and served as a static
 * file at /serwist/sw.js with `Service-Worker-Allowed: /`, so it controls the whole storefront. Only the icons are
 * precached; pages are kept as they are seen (docs/phone.md).
 */
export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/sw/sw.ts',
  useNativeEsbuild: true,
  globPatterns: ['public/icons/*.png'],
  nextConfig: { basePath: '/', distDir: '.next' },
  esbuildOptions: { sourcemap: false },
});
