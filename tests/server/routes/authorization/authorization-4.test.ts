import { runMatrix } from "./matrix";

runMatrix(4, 4);
