import { runMatrix } from "./authorization/matrix";

runMatrix(1, 4);
