import Weft
