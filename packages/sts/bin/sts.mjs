#!/usr/bin/env node
// The package ships TypeScript sources (the repository runs them through tsx/vite), so the bin
// registers tsx's loader and then runs the CLI module. tsx is a root devDependency.
import { register } from 'tsx/esm/api';

register();
const { main } = await import(new URL('../src/cli.ts', import.meta.url).href);
process.exitCode = await main(process.argv.slice(2));
