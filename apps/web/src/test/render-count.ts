// Counts, per commit, the components of a given name that React rendered, through the hook React DevTools
// uses. Import it before anything that loads react-dom: React looks for the hook once, when it loads.

type Fiber = {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
};

/** React's flag for a component whose render function ran in the work being committed. */
const PERFORMED_WORK = 1;

const nameOf = (type: unknown): string | undefined => {
  if (typeof type === 'function') return (type as { displayName?: string }).displayName ?? type.name;
  if (type && typeof type === 'object' && 'render' in type) {
    const render = (type as { render: { displayName?: string; name?: string } }).render;
    return render.displayName ?? render.name;
  }
  return undefined;
};

let previous = new Set<Fiber>();
const renders = new Map<string, number>();

function walk(fiber: Fiber | null, seen: Set<Fiber>) {
  for (let f = fiber; f; f = f.sibling) {
    seen.add(f);
    // A fiber left as it was (its subtree bailed out) is the same object as in the last commit, with the
    // flags of its last render: only a fiber new to this tree counts.
    if (!previous.has(f) && f.flags & PERFORMED_WORK) {
      const name = nameOf(f.type);
      if (name) renders.set(name, (renders.get(name) ?? 0) + 1);
    }
    walk(f.child, seen);
  }
}

Object.assign(globalThis, {
  __REACT_DEVTOOLS_GLOBAL_HOOK__: {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      const seen = new Set<Fiber>();
      walk(root.current, seen);
      previous = seen;
    },
  },
});

/** How many times a component of this name has rendered since the last reset. */
export const renderCount = (name: string) => renders.get(name) ?? 0;

/** Starts the counts again. */
export const resetRenderCounts = () => renders.clear();
