import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (target === null) throw new Error('Packbench: the #app element is missing from index.html');

export default mount(App, { target });
