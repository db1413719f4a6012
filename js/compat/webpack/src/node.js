import { report } from "../shared/app.js";

console.log(JSON.stringify(report()));
