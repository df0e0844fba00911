A 1 2|||Nn|||cats|||REQUIRED|||-NONE-|||0
S The cat sat .
