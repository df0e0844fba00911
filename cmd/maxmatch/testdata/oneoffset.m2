S The cat sat .
A 1|||Nn|||cats|||REQUIRED|||-NONE-|||0
