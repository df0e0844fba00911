S Ünïcode text here　now .
A 0 1|||Case|||ünïcode|||REQUIRED|||-NONE-|||0
A 3 4|||X|||then|||REQUIRED|||-NONE-|||0
