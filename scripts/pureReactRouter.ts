import type { Plugin } from 'vite';

/** A React Router module's top-level `X = React$1.forwardRef(` (or createContext, memo), not yet marked pure. */
const UNMARKED_CALL = /= (React\$1\.(?:forwardRef|createContext|memo)\()/g;
/** A top-level `X.displayName = "…";`: a name for React's developer tools, which a production build never shows. */
const DISPLAY_NAME = /^\w+\.displayName = "[^"]*";$/gm;

/**
 * Vite plugin: React Router's build creates its components and contexts with calls on React's namespace
 * (`React$1.forwardRef(…)`), which the bundler cannot know are free of side effects, then names each one
 * (`Form.displayName = "Form"`), a side effect: every one of them, and all that it uses, stayed in every
 * page though no page uses them (the router's Form, its data-router hooks and contexts, its prefetching).
 * Marked pure and left unnamed, those the pages do not use are left out.
 */
export function pureReactRouter(): Plugin {
  return {
    name: 'shop-pure-react-router',
    apply: 'build',
    transform: {
      filter: { id: /\/node_modules\/react-router\/dist\/production\// },
      handler: (code) => {
        const pure = code.replace(UNMARKED_CALL, '= /* @__PURE__ */ $1').replace(DISPLAY_NAME, '');
        return pure === code ? null : pure;
      },
    },
  };
}
