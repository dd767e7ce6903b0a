import { runMatrix } from "./authorization/matrix";

runMatrix(2, 4);
