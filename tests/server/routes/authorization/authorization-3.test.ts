import { runMatrix } from "./matrix";

runMatrix(3, 4);
