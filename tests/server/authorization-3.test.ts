import { runMatrix } from "./authorization/matrix";

runMatrix(3, 4);
