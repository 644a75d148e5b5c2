// pixi.js exports this entry point (eval-free code generation) without types: it exports nothing.
declare module "pixi.js/unsafe-eval";
