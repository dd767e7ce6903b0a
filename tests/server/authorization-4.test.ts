import { runMatrix } from "./authorization/matrix";

runMatrix(4, 4);
