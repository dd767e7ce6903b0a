import { runMatrix } from "./matrix";

runMatrix(1, 4);
