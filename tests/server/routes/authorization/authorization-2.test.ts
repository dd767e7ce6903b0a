import { runMatrix } from "./matrix";

runMatrix(2, 4);
